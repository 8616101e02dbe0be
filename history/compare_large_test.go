package history

import (
	"encoding/json"
	"runtime"
	"strings"
	"testing"
)

// A re-run compares a recorded answer of any size. A whole large value that
// changed costs what decoding it costs (encoding/json's buffer of the text,
// the decoded value and its one encoding) and no more: only the part a
// diff line shows is made safe for the terminal, and the encoding is not
// copied again. That was ten times the answer's size.
func TestCompareALargeAnswerAllocatesFewCopies(t *testing.T) {
	const size = 32 << 20
	recorded := json.RawMessage(`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"` + strings.Repeat("x", size) + `"}]}}`)
	live := json.RawMessage(`{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"unknown tool"}}`)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	diffs := Compare(recorded, live, nil)
	out := RenderDiff(diffs)
	runtime.ReadMemStats(&after)
	if !strings.Contains(out, "$.result: missing") || !strings.Contains(out, "… (") || len(out) > 4000 {
		t.Fatalf("diff of %d bytes:\n%.500s", len(out), out)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 9*size {
		t.Errorf("comparing and showing a %d MiB answer allocated %d MiB, want at most %d", size>>20, got>>20, 9*size>>20)
	}
}
