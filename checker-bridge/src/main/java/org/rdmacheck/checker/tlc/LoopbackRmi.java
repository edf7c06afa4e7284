package org.rdmacheck.checker.tlc;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMISocketFactory;
import java.util.Arrays;

/**
 * Entry point of the distributed-TLC child JVMs: makes every RMI server socket listen on the
 * loopback interface only, then runs the TLC class named by the first argument
 * ({@code tlc2.tool.distributed.TLCServer} or {@code TLCWorker}) with the remaining arguments.
 * TLC itself binds its RMI registry to every interface; on a single machine nothing should be
 * reachable from outside.
 */
public final class LoopbackRmi {

    private LoopbackRmi() {
    }

    /**
     * @param args the TLC main class, then its arguments
     * @throws Exception whatever the TLC main method throws
     */
    public static void main(String[] args) throws Exception {
        RMISocketFactory.setSocketFactory(new RMISocketFactory() {
            @Override
            public Socket createSocket(String host, int port) throws IOException {
                return new Socket(host, port);
            }

            @Override
            public ServerSocket createServerSocket(int port) throws IOException {
                return new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
            }
        });
        try {
            Class.forName(args[0]).getMethod("main", String[].class)
                    .invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof Exception ex ? ex : e;
        }
    }
}
