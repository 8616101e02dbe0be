package history

import (
	"fmt"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A proxied client picks its own progressToken (the Go SDK's caller sets
// "t1"), not the request's id as mcpscope does: its progress is folded into
// the request's row all the same. It was a row of its own each, marked
// "foreign token", next to a request that showed no progress.
func TestLogFoldsProgressUnderTheRequestsOwnToken(t *testing.T) {
	s := newScript()
	s.negotiate()
	call := s.request("5", "tools/call", `{"name":"echo","_meta":{"progressToken":"t1"}}`)
	for i := 1; i <= 3; i++ {
		s.recv(mcp.ClassNotification, "", 0, fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t1","progress":%d,"total":10,"message":"step %d"}}`, i, i))
	}
	s.result("5", call, `{"content":[]}`)
	s.recv(mcp.ClassNotification, "", 0, `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t1","progress":4,"total":10}}`)
	l := NewLog()
	l.Append(s.recs...)
	checkRows(t, l, []string{
		fmt.Sprintf("request ok tools/call tool=echo id=5 req@%d resp@%d", call, call+4),
		fmt.Sprintf("notification-in received notifications/progress req@%d", call+5),
	})
	if p := l.Pair(0); p.Notifications != 3 || p.Progress != 3 || p.Total != 10 || p.ProgressMessage != "step 3" {
		t.Errorf("call row: %d notifications, progress %v of %v %q; want 3, 3 of 10 \"step 3\"", p.Notifications, p.Progress, p.Total, p.ProgressMessage)
	}
}

// Two pending requests of a proxied client naming one progressToken, one
// of them answered: the token is the other's, whose progress is folded
// into its row. Answering the older dropped the token, and the newer's
// progress read as a row of its own, "foreign token"; answering the
// newer did the same to the older's.
func TestLogKeepsATokenReusedByAPendingRequest(t *testing.T) {
	for _, answered := range []string{"older", "newer"} {
		t.Run(answered, func(t *testing.T) {
			s := newScript()
			s.negotiate()
			older := s.request("5", "tools/call", `{"name":"echo","_meta":{"progressToken":"t1"}}`)
			newer := s.request("6", "tools/call", `{"name":"echo","_meta":{"progressToken":"t1"}}`)
			id, seq, pending, row := "5", older, newer, 1
			if answered == "newer" {
				id, seq, pending, row = "6", newer, older, 0
			}
			s.result(id, seq, `{"content":[]}`)
			s.recv(mcp.ClassNotification, "", 0, `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t1","progress":1,"total":2}}`)
			l := NewLog()
			l.Append(s.recs...)
			if l.PairCount() != 2 {
				var rows []string
				for i := range l.PairCount() {
					rows = append(rows, string(l.Pair(i).Kind)+" "+l.Pair(i).Method)
				}
				t.Fatalf("rows %q, want the two calls only", rows)
			}
			if p := l.Pair(row); p.Request == nil || p.Request.Seq != pending || p.Notifications != 1 {
				t.Errorf("the pending call's row has %d notifications, want the progress folded into it", p.Notifications)
			}
		})
	}
}
