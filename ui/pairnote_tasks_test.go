package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// A task's status notification reads in Pairs as "task ID STATUS: its
// message" (server-everything's simulate-research-query sends one per
// stage): a column of "notifications/tasks/status received" rows had to be
// opened one by one to follow the task.
func TestPairsTaskStatusWords(t *testing.T) {
	row := func(raw string) string {
		s := newScript()
		s.add(mcp.Record{Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassNotification,
			Method: "notifications/tasks/status", Conn: 1, Raw: mcp.Raw(raw)}})
		log := history.NewLog()
		log.Append(s.recs...)
		return methodText(log.Pair(log.PairCount() - 1))
	}
	for _, tc := range []struct{ raw, want string }{
		{`{"jsonrpc":"2.0","method":"notifications/tasks/status","params":{"taskId":"13ae","status":"working","statusMessage":"Gathering sources..."}}`, "task 13ae working: Gathering sources..."},
		{`{"jsonrpc":"2.0","method":"notifications/tasks/status","params":{"taskId":"13ae","status":"completed"}}`, "task 13ae completed"},
		{`{"jsonrpc":"2.0","method":"notifications/tasks/status","params":{"taskId":"13ae","status":"fail\u001b[31med","statusMessage":"a\u202eb"}}`, "task 13ae failed: ab"},
		{`{"jsonrpc":"2.0","method":"notifications/tasks/status","params":{"taskId":"13ae"}}`, "notifications/tasks/status"},
	} {
		if got := row(tc.raw); got != tc.want {
			t.Errorf("%.80s: row %q, want %q", tc.raw, got, tc.want)
		}
	}
	if got := row(`{"jsonrpc":"2.0","method":"notifications/tasks/status","params":{"status":"working","statusMessage":"` + strings.Repeat("x", notifyNoteMax) + `"}}`); got != "notifications/tasks/status" {
		t.Errorf("a status too large to read per frame: row %q, want its method", got)
	}
}
