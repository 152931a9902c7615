package android.os;

/** Stand-in: uptime is the player's virtual clock, which only the Choreographer advances. */
public final class SystemClock {
    private static long nowNanos;

    public static long uptimeMillis() {
        return nowNanos / 1_000_000L;
    }

    public static long uptimeNanos() {
        return nowNanos;
    }

    public static void setVirtualNanos(long nanos) {
        nowNanos = nanos;
    }
}
