package main

import (
	"strings"
	"testing"
)

// A value of --allow-origin that is no origin is refused before anything
// runs, naming the flag (the wire package's words do not know it).
func TestExecAllowOriginThatIsNoOrigin(t *testing.T) {
	_, errOut, code := run(t, "exec", "--no-record", "--allow-origin", "nonsense", "http://127.0.0.1:9/mcp", "tools/list")
	if code != exitUsage || !strings.Contains(errOut, `--allow-origin "nonsense" is not an origin: write it as scheme://host[:port]`) {
		t.Errorf("exit %d, want a usage error naming --allow-origin:\n%s", code, errOut)
	}
}
