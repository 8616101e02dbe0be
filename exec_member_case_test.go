package main

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// JSON-RPC's member names are case-sensitive (MCP messages are JSON-RPC
// 2.0), so a server that spells them in another case sent no such member:
// an answer {"ID":..,"Result":..} answers nothing, and exec says which
// key is misspelt instead of printing it as the tool's result; a log
// line's "Level" is no level, so the notification is shown by its method.
// (encoding/json's struct decoding folds case; it read the "Level" as the
// level.)
func TestExecMemberNamesAreCaseSensitive(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.SSE()
		_ = x.Event(`{"jsonrpc":"2.0","method":"notifications/message","params":{"Level":"error","data":"folded level"}}`)
		x.Reply(`{"jsonrpc":"2.0","ID":` + string(x.ID) + `,"Result":{"content":[{"type":"text","text":"folded result"}]}}`)
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/call anything")
	if code != exitFailed || !strings.Contains(out, `its "ID" is not "id": JSON-RPC's member names are case-sensitive`) || strings.Contains(out, "folded result") {
		t.Errorf("exit %d, want %d saying the answer's \"ID\" is no id, and no result printed\n%s\n%s", code, exitFailed, out, errOut)
	}
	if strings.Contains(out, "log error") || !strings.Contains(out, "· notifications/message") {
		t.Errorf("a log line's \"Level\" was read as its level, want the notification shown by its method\n%s", out)
	}
}

// An answer whose id is misspelt ({"ID":..,"result":..}) has no id: exec
// says so and names the key, instead of "an answer came back with id
// that no request of ours has", an id of nothing.
func TestExecAnswerWithMisspeltIDHasNone(t *testing.T) {
	srv := mcptest.StatelessOnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.SSE()
		x.Reply(`{"jsonrpc":"2.0","ID":` + string(x.ID) + `,"result":{"content":[{"type":"text","text":"folded id"}]}}`)
	})
	out, errOut, code := run(t, "exec", "--no-record", "--no-listen", srv.URL, "tools/call anything")
	want := `a message came back that is an answer with no id (its "ID" is not "id": JSON-RPC's member names are case-sensitive)`
	if code != exitFailed || !strings.Contains(out, want) || strings.Contains(out, "with id  that") || strings.Contains(out, "folded id") {
		t.Errorf("exit %d, want %d saying %q\n%s\n%s", code, exitFailed, want, out, errOut)
	}
}
