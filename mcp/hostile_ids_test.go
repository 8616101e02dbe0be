package mcp

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Answers to ids never sent, each id a megabyte long, are named in part by
// the timeout that follows: its text stays a line, not 16 MB.
func TestTimeoutNamesHugeForeignIDsInPart(t *testing.T) {
	_, s, _ := dialStateless(t, mcptest.StatelessOptions{Handle: func(x *mcptest.Exchange) {
		if x.Method != "tools/list" {
			x.Default()
			return
		}
		for i := range 20 {
			_ = x.WriteRaw(fmt.Sprintf("data: {\"jsonrpc\":\"2.0\",\"id\":\"%d%s\",\"result\":{}}\n\n", i, strings.Repeat("x", 1<<20)))
		}
		<-x.Context().Done()
	}}, Config{NoListen: true, RequestTimeout: 500 * time.Millisecond})
	_, err := s.Request(testCtx(t), "tools/list", nil)
	if CauseOf(err) != CauseTimeout || !strings.Contains(err.Error(), "no request of ours has") || len(err.Error()) > 8192 {
		t.Errorf("tools/list = %d bytes of error (%.200v, cause %q), want a timeout naming the ids in part", len(fmt.Sprint(err)), err, CauseOf(err))
	}
}
