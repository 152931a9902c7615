package android.os;

/** Stand-in: the version constants the animation classes compare an app's target SDK with. */
public class Build {
    public static class VERSION_CODES {
        public static final int N = 24;
        public static final int O = 26;
        public static final int P = 28;
        public static final int Q = 29;
    }

    public static class VERSION {
        public static final int SDK_INT = VERSION_CODES.Q;
    }
}
