package dev.quire.layout.expr;

import dev.quire.errors.InvalidArgumentException;
import java.util.Objects;

/**
 * Expression text that does not parse. The message names the problem and the 0-based position, then shows the input
 * with a caret under that position:
 *
 * <pre>
 * expected ')' at position 12
 *   (a = 1 and b
 *               ^
 * </pre>
 */
public class ExpressionSyntaxException extends InvalidArgumentException {
    private final String reason;
    private final String input;
    private final int position;

    /** An error at {@code position} (0-based, clamped to the input) of {@code input}. */
    public ExpressionSyntaxException(String reason, String input, int position) {
        super(format(reason, input, clamp(position, input)));
        this.reason = reason;
        this.input = input;
        this.position = clamp(position, input);
    }

    /** What is wrong, without the position and the caret lines. */
    public String reason() {
        return reason;
    }

    /** The text that was parsed. */
    public String input() {
        return input;
    }

    /** The 0-based index into {@link #input()} of the error; {@code input().length()} for the end of the input. */
    public int position() {
        return position;
    }

    private static int clamp(int position, String input) {
        return Math.max(0, Math.min(position, Objects.requireNonNull(input, "input is null").length()));
    }

    private static String format(String reason, String input, int position) {
        Objects.requireNonNull(reason, "reason is null");
        Objects.requireNonNull(input, "input is null");
        // Control characters would break the caret's alignment; show them as spaces.
        StringBuilder shown = new StringBuilder(input.length());
        for (int i = 0; i < input.length(); i++) {
            char c = input.charAt(i);
            shown.append(Character.isISOControl(c) ? ' ' : c);
        }
        return reason + " at position " + position + "\n  " + shown + "\n  " + " ".repeat(position) + "^";
    }
}
