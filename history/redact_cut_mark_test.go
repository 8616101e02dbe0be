package history

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// markBearer is the --bearer of the cut-mark tests: no four bytes of it
// are likely anywhere else in a recording.
const markBearer = "Qz7Xw9Kp3Vr8Ty2Nl5Jh4Gf6Ds1Am0Eb"

// A server answering with JSON that breaks right after echoing the user's
// --bearer twice was quoted in the error as the window of text either side
// of where JSON stopped, cut mid-token on both sides ("…" + the token's end,
// and its start + "…"): neither piece matched the token, so both reached
// the recording and the live screen. No piece of four bytes or more does
// now.
func TestRecordingRedactsTokenPiecesEitherSideOfACut(t *testing.T) {
	url := mcptest.PostOnly(t, func(w http.ResponseWriter, r *http.Request, _, id string) {
		auth := r.Header.Get("Authorization")
		cred := auth[strings.IndexByte(auth, ' ')+1:]
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"jsonrpc":"2.0","id":` + id + `,"result":"` + cred + `" ` + cred + `}`))
	})
	opts := RecordOptions{Tokens: []string{markBearer}}
	path := filepath.Join(t.TempDir(), "mark.jsonl")
	rec, err := Create(path, Header{URL: url, Transport: mcp.TransportStreamable, Started: time.Now()}, opts)
	if err != nil {
		t.Fatal(err)
	}
	s := mcp.NewSession(mcp.Config{URL: url, Transport: mcp.TransportStreamable, Bearer: markBearer})
	var shown []mcp.Record
	done := make(chan struct{})
	go func() {
		defer close(done)
		for batch := range Redacting(Tee(s.Records(), rec, func(err error) { t.Errorf("recording: %v", err) }), opts, url) {
			shown = append(shown, batch...)
		}
	}()
	connErr := s.Connect(testCtx(t))
	s.Close()
	waitClosed(t, done, "end of the record stream after Close")
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	if connErr == nil || !strings.Contains(connErr.Error(), "…") || mcptest.PieceOf([]byte(connErr.Error()), markBearer, 8) == "" {
		t.Fatalf("Connect = %v, want an error quoting pieces of the echo cut by …", connErr)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if p := mcptest.PieceOf(b, markBearer, minCutPiece); p != "" {
		t.Errorf("the recording holds %q of the token:\n%.3000s", p, b)
	}
	var errs int
	for _, r := range shown {
		if r.Error != nil {
			errs++
			if p := mcptest.PieceOf([]byte(r.Error.Message), markBearer, minCutPiece); p != "" {
				t.Errorf("the live view's error holds %q of the token: %s", p, r.Error.Message)
			}
		}
	}
	if errs == 0 {
		t.Error("the live view shows no error")
	}
}
