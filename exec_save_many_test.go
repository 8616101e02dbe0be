package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// --save of a resources/read whose answer holds thousands of contents, each
// with a long URI, names a few of them, each cut, and counts the rest: the
// error used to list every URI whole, a line of megabytes.
func TestExecSaveOfManyContentsNamesAFew(t *testing.T) {
	long := strings.Repeat("u", 2000)
	srv := mcptest.OnMethod(t, "resources/read", func(x *mcptest.Exchange) {
		contents := make([]map[string]any, 5000)
		for i := range contents {
			contents[i] = map[string]any{"uri": fmt.Sprintf("x://%d/%s", i, long), "text": "t"}
		}
		x.Result(map[string]any{"contents": contents})
	})
	path := filepath.Join(t.TempDir(), "out")
	out, errOut, code := run(t, "exec", "--no-record", "--save", path, srv.URL, "read x://a")
	var said string
	for _, line := range strings.Split(out+errOut, "\n") {
		if strings.Contains(line, "--save writes one resource") {
			said = line
		}
	}
	if code != exitFailed || !strings.Contains(said, "the answer holds 5000 (x://0/uuu") || !strings.Contains(said, "more)") || len(said) > 4096 {
		t.Errorf("exit %d, the refusal is %d bytes, want %d and a line naming a few of the 5000 URIs\n%.3000s", code, len(said), exitFailed, said)
	}
}
