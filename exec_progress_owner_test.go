package main

import (
	"path/filepath"
	"strings"
	"sync"
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
	var mu sync.Mutex // the calls' handlers run on the server's goroutines
	var first string
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		mu.Lock()
		if first == "" {
			first = string(x.ID)
			mu.Unlock()
			x.Reply(`{"jsonrpc":"2.0","id":` + first + `.0,"result":{"content":[{"type":"text","text":"done"}]}}`)
			return
		}
		first := first
		mu.Unlock()
		x.SSE()
		_ = x.WriteRaw("event: message\ndata: " + `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":` + first + `,"progress":1}}` + "\n\n")
		x.Result(mcptest.TextResult("done", false))
	})
	path := filepath.Join(t.TempDir(), "run.jsonl")
	out, errOut, code := run(t, "exec", "--record", path, "--no-get-stream", "--no-listen", srv.Endpoint(), "tools/call echo text=hi", "tools/call echo text=hi")
	mu.Lock()
	defer mu.Unlock()
	want := "· progress came for token " + first + ", which no request of ours waiting for its answer owns"
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
