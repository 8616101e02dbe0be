package history

import (
	"runtime"
	"strings"
	"testing"
)

// A large answer with escapes in it that echoes a credential is searched
// string by string as it decodes, and each match mapped back to the
// escapes that spell it. The map was two ints for each decoded byte, and
// the stand-in was escaped anew for each match: a 2 MB answer cost 579 MB
// to record. The matches are mapped by one walk of the string now, and
// the echo is still replaced.
func TestRecordingLargeEscapedAnswerWithEchoCostsLittle(t *testing.T) {
	const size = 2 << 20
	const pass = "sk-live-abcdef012345"
	recs := answerEventOf(`00000064 \u003cb\u003e caf\u00e9 `+pass+` ghijklmnopqrstuv\n`, size)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	path := recordAs(t, testHeader(), recs, RecordOptions{Tokens: []string{pass}})
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 24*size {
		t.Errorf("recording a %d-byte answer echoing a credential allocated %d bytes, want under %d", size, n, 24*size)
	}
	got, _ := readAll(t, path)
	if len(got) != 2 || got[1].RPC == nil {
		t.Fatalf("read back %d records, want the event and its answer", len(got))
	}
	raw := string(got[1].RPC.Raw)
	if strings.Contains(raw, pass) || !strings.Contains(raw, `caf\u00e9 `+Redacted+` ghij`) {
		t.Errorf("the answer read back is not the echo redacted: %.200s", raw)
	}
}
