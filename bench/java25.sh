# Sourced by the bench scripts: sets JAVA to a JDK 25 home (JAVA25_HOME, else the first under /usr/lib/jvm or SDKMAN).
JAVA="${JAVA25_HOME:-}"
if [[ -z "$JAVA" ]]; then
  for d in /usr/lib/jvm/*25* "$HOME"/.sdkman/candidates/java/25*; do
    if [[ -x "$d/bin/java" ]]; then JAVA="$d"; break; fi
  done
fi
[[ -n "$JAVA" ]] || { echo "set JAVA25_HOME to a JDK 25" >&2; exit 2; }
