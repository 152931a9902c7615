package android.content.pm;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;

public class ActivityInfo {
    @Retention(RetentionPolicy.SOURCE)
    public @interface Config {}
}
