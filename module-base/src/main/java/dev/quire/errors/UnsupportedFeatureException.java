package dev.quire.errors;

/** The input is valid Vortex but uses a feature (a dtype, a layout option) this version of Quire does not support. */
public class UnsupportedFeatureException extends QuireException {
    public UnsupportedFeatureException(String message) {
        super(ErrorCode.UNSUPPORTED, message);
    }
}
