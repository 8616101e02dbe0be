package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// --max-event-size takes a size as people write one (2MiB, 512KiB, 1MB)
// and refuses what is not a size, saying how to write one, for exec and
// the proxy alike.
func TestMaxEventSizeTakesUnits(t *testing.T) {
	srv := mcptest.New(t, mcptest.Options{})
	for _, size := range []string{"2MiB", "2mib", "512KiB", "1MB", "2097152"} {
		if out, errOut, code := run(t, "exec", "--no-record", "--max-event-size", size, srv.SSEURL(), "tools/list"); code != exitOK {
			t.Errorf("--max-event-size %s: exit %d\n%s\n%s", size, code, out, errOut)
		}
	}
	for _, args := range [][]string{
		{"exec", "--no-record", "--max-event-size", "1XB", srv.SSEURL(), "tools/list"},
		{"proxy", "--headless", "--max-event-size", "lots", srv.URL},
	} {
		_, errOut, code := run(t, args...)
		if code != exitUsage || !strings.Contains(errOut, "is not a size: give bytes (67108864) or a number with a unit (64MiB, 512KiB, 1MB)") {
			t.Errorf("%s: exit %d, want %d and how to write a size\n%s", strings.Join(args[:3], " "), code, exitUsage, errOut)
		}
	}
	// A size past the most is said to be one, too large, not "not a size".
	for _, size := range []string{"99999999999999999999", "2000GiB"} {
		_, errOut, code := run(t, "exec", "--no-record", "--max-event-size", size, srv.SSEURL(), "tools/list")
		if want := `"` + size + `" is more than the most mcpscope takes, 1TiB: give a smaller size such as 64MiB`; code != exitUsage || !strings.Contains(errOut, want) {
			t.Errorf("--max-event-size %s: exit %d, want %d and %q\n%s", size, code, exitUsage, want, errOut)
		}
	}
	if _, errOut, code := run(t, "exec", "--no-record", "--max-event-size", "1KB", srv.SSEURL(), "tools/list"); code != exitUsage || !strings.Contains(errOut, "too small") {
		t.Errorf("--max-event-size 1KB: exit %d, want %d saying it is too small\n%s", code, exitUsage, errOut)
	}
}
