package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A request answered under its id written as a fraction ("3.0" for 3,
// the same JSON number, which mcp pairs) owns its progress token no
// longer: progress for that token after the answer is said to be for no
// pending request of ours, by exec and by the TUI's row of the recording
// alike, as both read it with one tracker (history.ProgressOwners). Before,
// exec let go of the token by the answer's id text, which named none, and
// said nothing where the TUI marked the row "foreign token".
func TestExecAndTUIAgreeOnProgressAfterAnAnswerPairedByNumber(t *testing.T) {
	srv, first := progressAfterAnswer(t, func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `.0,"result":{"content":[{"type":"text","text":"done"}]}}`)
	})
	path := filepath.Join(t.TempDir(), "run.jsonl")
	out, errOut, code := run(t, "exec", "--record", path, "--no-get-stream", "--no-listen", srv.Endpoint(), "tools/call echo text=hi", "tools/call echo text=hi")
	want := "· progress came for token " + first() + ", which no request of ours waiting for its answer owns"
	if code != exitOK || strings.Count(out, want) != 1 {
		t.Errorf("exit %d, want one %q:\n%s\n%s", code, want, out, errOut)
	}
	log, _, _, err := history.LoadLog(path)
	if err != nil {
		t.Fatal(err)
	}
	defer log.Close()
	rows := 0
	for i := range log.PairCount() {
		if p := log.Pair(i); p.Kind == history.KindNotificationIn && p.Method == "notifications/progress" {
			rows++
		}
	}
	if rows != 1 {
		t.Errorf("the recording shows %d progress rows of their own (foreign token), want the one exec said", rows)
	}
}
