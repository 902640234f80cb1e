package dev.quire.cli;

import dev.quire.errors.QuireException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Turns failures into exit codes and one line on standard error: {@code quire: <message>}. Bad usage exits with 2
 * and points at the command's help; any other failure exits with 1. {@code --debug} adds the stack trace.
 */
final class Failures implements IExecutionExceptionHandler, IParameterExceptionHandler {
    static final int FAILURE = 1;
    static final int USAGE = 2;

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        PrintWriter err = cmd.getErr();
        err.println("quire: " + ex.getMessage());
        UnmatchedArgumentException.printSuggestions(ex, err);
        err.println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for more information.");
        if (debugRequested(args)) {
            StackTraces.write(ex, err);
        }
        err.flush();
        return USAGE;
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine cmd, ParseResult parsed) {
        PrintWriter err = cmd.getErr();
        cmd.getOut().flush();
        err.println("quire: " + message(ex));
        if (debug(parsed)) {
            StackTraces.write(ex, err);
        }
        err.flush();
        return FAILURE;
    }

    /** The message of a failure: Quire's own messages as they are; others with their type, which says much. */
    static String message(Throwable t) {
        if (t instanceof QuireException) {
            return t.getMessage();
        }
        if (t instanceof OutOfMemoryError) {
            return "out of memory (" + t.getMessage() + "); raise the heap, e.g. JDK_JAVA_OPTIONS=-Xmx8g";
        }
        String m = t.getMessage();
        return m == null || m.isBlank() ? t.getClass().getName() : t.getClass().getSimpleName() + ": " + m;
    }

    private static boolean debug(ParseResult parsed) {
        for (ParseResult p = parsed; p != null; p = p.subcommand()) {
            if (p.hasMatchedOption("--debug")) {
                return true;
            }
        }
        return false;
    }

    /** Parsing failed, so there is no parse result to ask: look at the raw arguments. */
    private static boolean debugRequested(String[] args) {
        for (String a : args) {
            if (a.equals("--debug")) {
                return true;
            }
            if (a.equals("--")) {
                return false;
            }
        }
        return false;
    }
}
