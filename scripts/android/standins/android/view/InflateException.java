package android.view;

public class InflateException extends RuntimeException {
    public InflateException(String message) { super(message); }
}
