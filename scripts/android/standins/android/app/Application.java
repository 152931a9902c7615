package android.app;

/** Stand-in: the app that plays the documents, targeting Android 10 (API 29). */
public class Application {
    public static final class ApplicationInfo {
        public int targetSdkVersion = android.os.Build.VERSION_CODES.Q;
    }

    private final ApplicationInfo mInfo = new ApplicationInfo();

    public ApplicationInfo getApplicationInfo() {
        return mInfo;
    }
}
