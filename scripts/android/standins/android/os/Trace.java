package android.os;

/** Stand-in: tracing is off, as on a device without systrace running. */
public final class Trace {
    public static final long TRACE_TAG_VIEW = 1L << 3;

    public static boolean isTagEnabled(long tag) {
        return false;
    }

    public static void asyncTraceBegin(long tag, String name, int cookie) {}

    public static void asyncTraceEnd(long tag, String name, int cookie) {}

    public static void traceBegin(long tag, String name) {}

    public static void traceEnd(long tag) {}
}
