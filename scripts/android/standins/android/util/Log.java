package android.util;

/** Stand-in: the platform's log goes to stderr, so that a warning is seen, never swallowed. */
public final class Log {
    public static int d(String tag, String msg) { return print("D", tag, msg); }
    public static int i(String tag, String msg) { return print("I", tag, msg); }
    public static int w(String tag, String msg) { return print("W", tag, msg); }
    public static int w(String tag, String msg, Throwable t) { return print("W", tag, msg + " " + t); }
    public static int e(String tag, String msg) { return print("E", tag, msg); }
    public static int e(String tag, String msg, Throwable t) { return print("E", tag, msg + " " + t); }

    private static int print(String level, String tag, String msg) {
        System.err.println(level + "/" + tag + ": " + msg);
        return 0;
    }
}
