package android.util;

public class AndroidRuntimeException extends RuntimeException {
    public AndroidRuntimeException(String message) { super(message); }
    public AndroidRuntimeException(String message, Throwable cause) { super(message, cause); }
    public AndroidRuntimeException(Exception cause) { super(cause); }
}
