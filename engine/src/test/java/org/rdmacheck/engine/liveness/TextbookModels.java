package org.rdmacheck.engine.liveness;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.rdmacheck.model.Action;
import org.rdmacheck.model.Model;
import org.rdmacheck.model.Transition;
import org.rdmacheck.properties.CheckSpec;
import org.rdmacheck.properties.liveness.Liveness;
import org.rdmacheck.properties.liveness.LivenessSpec;

/** Small models with known liveness answers. */
final class TextbookModels {

    private TextbookModels() {
    }

    /** Two processes, idle (0), waiting (1) or critical (2); Enter(p) needs the other out of its critical section. */
    record Mutex(int p0, int p1) {
        int at(int p) {
            return p == 0 ? p0 : p1;
        }

        Mutex with(int p, int v) {
            return p == 0 ? new Mutex(v, p1) : new Mutex(p0, v);
        }
    }

    static final Model<Mutex> MUTEX = new Model<>() {
        @Override
        public List<Mutex> initialStates() {
            return List.of(new Mutex(0, 0));
        }

        @Override
        public void successors(Mutex s, Consumer<Transition<Mutex>> sink) {
            for (int p = 0; p < 2; p++) {
                int other = s.at(1 - p);
                switch (s.at(p)) {
                    case 0 -> sink.accept(new Transition<>(Action.of("Request", "p", p), s.with(p, 1)));
                    case 1 -> {
                        if (other != 2) {
                            sink.accept(new Transition<>(Action.of("Enter", "p", p), s.with(p, 2)));
                        }
                    }
                    default -> sink.accept(new Transition<>(Action.of("Exit", "p", p), s.with(p, 0)));
                }
            }
        }
    };

    /**
     * A sender of {@code k} messages, a one-place channel, a receiver, and an unrelated clock
     * that always ticks.
     */
    record Chan(int sent, boolean inFlight, int delivered, int clock) {
    }

    static Model<Chan> channel(int k) {
        return new Model<>() {
            @Override
            public List<Chan> initialStates() {
                return List.of(new Chan(0, false, 0, 0));
            }

            @Override
            public void successors(Chan s, Consumer<Transition<Chan>> sink) {
                if (s.sent() < k && !s.inFlight()) {
                    sink.accept(new Transition<>(Action.of("Send", "m", s.sent()),
                            new Chan(s.sent() + 1, true, s.delivered(), s.clock())));
                }
                if (s.inFlight()) {
                    sink.accept(new Transition<>(Action.of("Deliver", "m", s.delivered()),
                            new Chan(s.sent(), false, s.delivered() + 1, s.clock())));
                }
                sink.accept(new Transition<>(Action.of("Tick"), new Chan(s.sent(), s.inFlight(), s.delivered(),
                        1 - s.clock())));
            }
        };
    }

    /** A job that starts, may retry forever, or finishes. */
    record Job(int phase, int retries) {
    }

    static final Model<Job> JOB = new Model<>() {
        @Override
        public List<Job> initialStates() {
            return List.of(new Job(0, 0));
        }

        @Override
        public void successors(Job s, Consumer<Transition<Job>> sink) {
            switch (s.phase()) {
                case 0 -> sink.accept(new Transition<>(Action.of("Start"), new Job(1, 0)));
                case 1 -> {
                    sink.accept(new Transition<>(Action.of("Retry"), new Job(1, 1 - s.retries())));
                    sink.accept(new Transition<>(Action.of("Finish"), new Job(2, s.retries())));
                }
                default -> { }
            }
        }

        @Override
        public boolean isFinal(Job s) {
            return s.phase() == 2;
        }
    };

    /**
     * A clock and a busy loop: {@code Tick} flips the clock, {@code Spin} flips {@code spin}; with
     * {@code guarded}, Tick is disabled while {@code spin} is 1, so spinning disables time every
     * other step (a Zeno loop weak fairness of Tick does not forbid, strong fairness does).
     */
    record Zeno(int clock, int spin) {
    }

    static Model<Zeno> zeno(boolean guarded) {
        return new Model<>() {
            @Override
            public List<Zeno> initialStates() {
                return List.of(new Zeno(0, 0));
            }

            @Override
            public void successors(Zeno s, Consumer<Transition<Zeno>> sink) {
                sink.accept(new Transition<>(Action.of("Spin"), new Zeno(s.clock(), 1 - s.spin())));
                if (!guarded || s.spin() == 0) {
                    sink.accept(new Transition<>(Action.of("Tick"), new Zeno(1 - s.clock(), s.spin())));
                }
            }
        };
    }

    /**
     * A clock of two values with an {@code Alias} beside every {@code Tick} (the same two states) and,
     * with {@code idle}, an {@code Idle} tick that leaves the state as it is: TLA+ decides
     * {@code <<Tick>>_vars} on the pair of states, so an Alias step is a Tick step and an Idle one is
     * not.
     */
    static Model<Integer> aliasedClock(boolean idle) {
        return new Model<>() {
            @Override
            public List<Integer> initialStates() {
                return List.of(0);
            }

            @Override
            public void successors(Integer s, Consumer<Transition<Integer>> sink) {
                if (idle) {
                    sink.accept(new Transition<>(Action.of("Idle"), s));
                    sink.accept(new Transition<>(Action.of("Tick", "idle", 1), s));
                    return;
                }
                sink.accept(new Transition<>(Action.of("Alias"), 1 - s));
                sink.accept(new Transition<>(Action.of("Tick"), 1 - s));
            }
        };
    }

    /** A counter modulo {@code n}: one long cycle, for the depth of the SCC search. */
    static Model<Integer> ring(int n) {
        return new Model<>() {
            @Override
            public List<Integer> initialStates() {
                return List.of(0);
            }

            @Override
            public void successors(Integer s, Consumer<Transition<Integer>> sink) {
                sink.accept(new Transition<>(Action.of("Inc"), (s + 1) % n));
            }
        };
    }

    @SafeVarargs
    static <S> LivenessSpec<S> spec(String name, Model<S> model, Liveness<S>... props) {
        CheckSpec<S> base = new CheckSpec<>(name, "default", Map.of(), model, List.of(), java.util.Set.of());
        return new LivenessSpec<>(base, List.of(props), java.util.Set.of());
    }
}
