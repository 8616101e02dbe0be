package history

import (
	"runtime"
	"strings"
	"testing"
)

// Recording a large answer with escapes in it while credentials are
// looked for decoded it again for each credential, and a byte at a time:
// a 20 MB answer with five credentials took ten times as long to record
// as without the decoding, and millions of allocations. It is decoded
// once for all of them now, and still read back whole.
func TestRecordingLargeEscapedAnswerDecodesItOnce(t *testing.T) {
	const size = 2 << 20
	recs := escapedAnswerOf(size)
	tokens := []string{"tok-1234567890", "sk-live-abcdef012345", "pa<ss-2026", "Zm9vYmFyYmF6cXV4", "secret/with+slash"}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	path := recordAs(t, testHeader(), recs, RecordOptions{Tokens: tokens})
	runtime.ReadMemStats(&after)
	if n := after.Mallocs - before.Mallocs; n > 20_000 {
		t.Errorf("recording a %d-byte answer with %d credentials made %d allocations, want a few thousand at most", size, len(tokens), n)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 6*size {
		t.Errorf("recording a %d-byte answer with %d credentials allocated %d bytes, want under %d", size, len(tokens), n, 6*size)
	}
	got, _ := readAll(t, path)
	if len(got) != 2 || got[1].RPC == nil || got[1].RPC.Raw != recs[1].RPC.Raw {
		t.Fatalf("read back %d records, want the event and its answer unchanged", len(got))
	}
	if !strings.Contains(string(got[1].RPC.Raw), `caf\u00e9`) {
		t.Errorf("the answer read back lost its escapes")
	}
}
