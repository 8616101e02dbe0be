package history

import (
	"encoding/json"
	"strings"
	"testing"
)

// largeAnswers are a recorded answer with a 32 MiB text and the live error
// that replaced it.
func largeAnswers() (recorded, live json.RawMessage) {
	recorded = json.RawMessage(`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"` + strings.Repeat("x", 32<<20) + `"}]}}`)
	live = json.RawMessage(`{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"unknown tool"}}`)
	return recorded, live
}

// A re-run compares a recorded answer of any size: a whole large value that
// changed is shown on a line cut to what a person reads, with its size.
func TestCompareALargeAnswerShowsAShortLine(t *testing.T) {
	recorded, live := largeAnswers()
	out := RenderDiff(Compare(recorded, live, nil), 75)
	if !strings.Contains(out, "$.result: missing") || !strings.Contains(out, "… (") || len(out) > 4000 {
		t.Fatalf("diff of %d bytes:\n%.500s", len(out), out)
	}
}

// BenchmarkCompareLargeAnswer measures what comparing and showing a 32 MiB
// answer costs (B/op): only the shown part of a value is made safe for the
// terminal, and its encoding is not copied again.
func BenchmarkCompareLargeAnswer(b *testing.B) {
	recorded, live := largeAnswers()
	b.ReportAllocs()
	for b.Loop() {
		RenderDiff(Compare(recorded, live, nil), 75)
	}
}
