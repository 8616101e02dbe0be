package mcp

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// An answer that is not JSON (a NUL byte before its last brace) pairs with
// nothing, as no id can be read from it; when its request then goes
// unanswered, the error says that such a message came and why it is
// unreadable, instead of only that the server sent no answer.
func TestUnreadableAnswerIsNamed(t *testing.T) {
	broken := func(id []byte) string {
		return `{"jsonrpc":"2.0","id":` + string(id) + `,"result":{"tools":[]}` + "\x00" + `}`
	}
	t.Run("streamable, the stream ends", func(t *testing.T) {
		_, s, _ := dialStreamable(t, mcptest.StreamableOptions{Handle: mcptest.HandleMethod("tools/list", func(x *mcptest.Exchange) {
			x.Reply(broken(x.ID))
		})}, Config{})
		_, err := s.Request(testCtx(t), "tools/list", nil)
		if err == nil || !strings.Contains(err.Error(), "ended before its answer") ||
			!strings.Contains(err.Error(), `a message came back that is not JSON: a member is not followed by "," or "}" at byte`) {
			t.Fatalf("Request = %v, want the stream's end naming the message that is not JSON", err)
		}
	})
	t.Run("legacy, the wait times out", func(t *testing.T) {
		handle := func(c *mcptest.Call) {
			if c.Method == "tools/list" {
				c.Reply(broken(c.ID))
				c.Reply(`{"hello":"world"}`)
				return
			}
			c.Default()
		}
		err := timeoutNaming(t, handle, func(te *TimeoutError) bool { return len(te.Unreadable) < 2 })
		var te *TimeoutError
		if !errorsAs(err, &te) || len(te.Unreadable) != 2 ||
			!strings.Contains(err.Error(), "2 messages came back that are no JSON-RPC messages (the first not JSON") {
			t.Fatalf("Request = %v, want a timeout naming both messages that are no JSON-RPC", err)
		}
	})
}
