package history

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
)

// A replay of a recording made before -H values were redacted shows its
// records as the recorder now writes them: the user's headers redacted by
// name (X-Team's short value too), the protocol's own kept, and a value
// of 8 bytes or more redacted where the server echoed it.
func TestReplayRedactsALegacyRecordingsHeaders(t *testing.T) {
	p, err := Load("testdata/legacy-headers.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if err := p.Wait(); err != nil {
		t.Fatal(err)
	}
	n, _ := p.Loaded()
	recs := p.take(n)
	if len(recs) != 10 {
		t.Fatalf("replayed %d records, want 10", len(recs))
	}
	log := p.NewLog()
	defer log.Close()
	log.Append(recs...)
	teams := 0
	for i, rec := range append(recs, *log.At(6), *log.At(8)) {
		if h := rec.HTTP; h != nil && h.RequestHeaders != nil {
			for _, name := range []string{"X-Api-Key", "X-Team"} {
				if got := mcp.RecordedHeader(h.RequestHeaders, name); got != "" && got != Redacted {
					t.Errorf("record %d: %s = %q, want %q", i, name, got, Redacted)
				}
			}
			if got := mcp.RecordedHeader(h.RequestHeaders, "Accept"); got == "" || got == Redacted {
				t.Errorf("record %d: Accept = %q, want it kept", i, got)
			}
			if mcp.RecordedHeader(h.RequestHeaders, "X-Team") == Redacted {
				teams++
			}
		}
		for _, b := range rec.Payloads() {
			if strings.Contains(string(b), "KEY-legacy") {
				t.Errorf("record %d shows the key: %s", i, b)
			}
		}
	}
	if teams == 0 {
		t.Error("no record shows X-Team redacted")
	}
}
