package android.util;

/** Stand-in: no XML is inflated here. */
public interface AttributeSet {}
