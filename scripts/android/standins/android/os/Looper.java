package android.os;

/** Stand-in: the player's single thread is the Looper thread the animators ask for. */
public final class Looper {
    private static final Looper MAIN = new Looper();

    public static Looper myLooper() {
        return MAIN;
    }

    public static Looper getMainLooper() {
        return MAIN;
    }
}
