package android.view.animation;

/** Stand-in: the legacy view Animation is named in javadoc only here. */
public abstract class Animation {
    public interface AnimationListener {}
}
