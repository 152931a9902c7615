package android.content;

/** Stand-in: only the XML-inflation constructors take one; the player never calls them. */
public abstract class Context {
    public abstract android.content.res.Resources getResources();
    public abstract android.content.res.Resources.Theme getTheme();
}
