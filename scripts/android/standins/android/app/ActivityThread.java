package android.app;

/** Stand-in: an app is running (AnimatorSet reads its target SDK to pick O+ behaviour). */
public final class ActivityThread {
    private static final Application APP = new Application();

    public static Application currentApplication() {
        return APP;
    }
}
