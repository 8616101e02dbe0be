package ui

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A log message the server sends reads in Pairs as its level and text, where every row said "notifications/mes…" at 120 columns and each
// had to be opened to tell one from another.
func TestLivePairsShowLogMessages(t *testing.T) {
	gw := demotest.Start(t, demo.Options{})
	l := startLive(t, mcp.Config{URL: gw.MCPURL()})
	l.waitFor("● initialized")
	l.command("loglevel warning")
	l.waitFor("logging/setLevel: ok")
	l.callOK("log message=disk-full")
	l.waitFor("log emergency: disk-full")
	m := l.quit()
	var logs []string
	for i := 0; i < m.com.log.PairCount(); i++ {
		if p := m.com.log.Pair(i); p.Method == "notifications/message" {
			logs = append(logs, methodText(p))
		}
	}
	if len(logs) != 5 || logs[0] != "log warning: disk-full (warning)" {
		t.Errorf("log rows %q, want five from warning up, each with its level and text", logs)
	}
}

// A resource update reads as the URI that changed; notifications too
// large to read per frame, or without the words, keep their method, and
// what the server wrote is made safe.
func TestPairsNotificationWords(t *testing.T) {
	notify := func(raw string) *history.Pair {
		s := newScript()
		s.add(mcp.Record{Kind: mcp.KindReceived, RPC: &mcp.RPCMessage{Dir: mcp.DirIn, Class: mcp.ClassNotification,
			Method: "notifications/" + strings.SplitN(strings.SplitN(raw, `"method":"notifications/`, 2)[1], `"`, 2)[0], Conn: 1, Raw: mcp.Raw(raw)}})
		log := history.NewLog()
		log.Append(s.recs...)
		return log.Pair(log.PairCount() - 1)
	}
	for _, tc := range []struct{ raw, want string }{
		{`{"jsonrpc":"2.0","method":"notifications/resources/updated","params":{"uri":"demo://clock"}}`, "updated demo://clock"},
		{`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"error","data":{"code":7}}}`, `log error: {"code":7}`},
		{`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"a\u001b[31mred"}}`, "log info: ared"},
		{`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":5,"data":"x"}}`, "log 5: x (its level is an integer, where a string belongs)"},
		{`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"lo\u001b[2Jud","data":"x"}}`, "log loud: x (its level is none of debug, info, notice, warning, error, critical, alert, emergency)"},
		{`{"jsonrpc":"2.0","method":"notifications/message","params":{}}`, "notifications/message"},
		{`{"jsonrpc":"2.0","method":"notifications/tasks/status","params":{"taskId":"t\u001b[2J1","status":"working","statusMessage":"step 2"}}`, "task t1 working: step 2"},
		{`{"jsonrpc":"2.0","method":"notifications/tasks/status","params":{"status":"working"}}`, "notifications/tasks/status"},
		{`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"` + strings.Repeat("x", notifyNoteMax) + `"}}`, "notifications/message"},
		{`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t1","progress":1}}`, `notifications/progress · foreign token "t1"`},
		{`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t1","progress":1,"message":"` + strings.Repeat("x", notifyNoteMax) + `"}}`, "notifications/progress"},
	} {
		if got := methodText(notify(tc.raw)); got != tc.want {
			t.Errorf("%.80s: row %q, want %q", tc.raw, got, tc.want)
		}
	}
}
