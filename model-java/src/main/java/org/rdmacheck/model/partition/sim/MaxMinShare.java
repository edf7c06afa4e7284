package org.rdmacheck.model.partition.sim;

import java.util.Arrays;
import java.util.List;

/**
 * Max-min fair rates by progressive filling: repeatedly find the resource whose remaining capacity
 * split among its unfixed flows is smallest, and fix those flows at that share.
 */
final class MaxMinShare {

    private MaxMinShare() {
    }

    /**
     * @param capacity  capacity of each resource
     * @param resources for each flow, the resources it crosses
     * @return each flow's rate
     */
    static double[] rates(double[] capacity, List<int[]> resources) {
        int n = resources.size();
        double[] rate = new double[n];
        Arrays.fill(rate, -1);
        double[] left = capacity.clone();
        int[] count = new int[capacity.length];
        for (int[] rs : resources) {
            for (int r : rs) {
                count[r]++;
            }
        }
        for (int fixed = 0; fixed < n; ) {
            int best = -1;
            for (int r = 0; r < left.length; r++) {
                if (count[r] > 0 && (best < 0 || left[r] / count[r] < left[best] / count[best])) {
                    best = r;
                }
            }
            double share = Math.max(0, left[best] / count[best]);
            for (int f = 0; f < n; f++) {
                if (rate[f] < 0 && contains(resources.get(f), best)) {
                    rate[f] = share;
                    fixed++;
                    for (int r : resources.get(f)) {
                        left[r] -= share;
                        count[r]--;
                    }
                }
            }
        }
        return rate;
    }

    private static boolean contains(int[] a, int x) {
        for (int v : a) {
            if (v == x) {
                return true;
            }
        }
        return false;
    }
}
