package mcp

import (
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// timeoutNaming is the error of a tools/list to a legacy server answering
// with handle, under a request timeout that is what names what came back.
// That wait is short, and a busy machine can let it run out before the POST
// is answered or before all of what it should name came (early says so of
// a result): such a run tests nothing and is tried again with twice the
// wait, up to 12s.
func timeoutNaming(t *testing.T, handle func(*mcptest.Call), early func(*TimeoutError) bool) error {
	for wait := 1500 * time.Millisecond; ; wait *= 2 {
		_, s, _ := dial(t, mcptest.Options{Handle: handle}, Config{RequestTimeout: wait})
		_, err := s.Request(testCtx(t), "tools/list", nil)
		var te *TimeoutError
		short := CauseOf(err) == CausePostTimeout || errorsAs(err, &te) && early(te)
		if !short || wait >= 12*time.Second {
			return err
		}
	}
}
