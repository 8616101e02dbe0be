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
	b, shown, connErr := connectRecorded(t, url, markBearer)
	if connErr == nil || !strings.Contains(connErr.Error(), "…") || mcptest.PieceOf([]byte(connErr.Error()), markBearer, 8) == "" {
		t.Fatalf("Connect = %v, want an error quoting pieces of the echo cut by …", connErr)
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

// A server that ends its event stream in the middle of an event, after
// the start of the user's --bearer, left that start in the recording: the
// event's bytes are kept as they came, and no token matched them. It is
// redacted now, as the start of one a cut of mcpscope's left.
func TestRecordingRedactsTokenStartOfAStreamCutShort(t *testing.T) {
	url := mcptest.PostOnly(t, func(w http.ResponseWriter, r *http.Request, _, id string) {
		auth := r.Header.Get("Authorization")
		cred := auth[strings.IndexByte(auth, ' ')+1:]
		w.Header().Set("Content-Type", "text/event-stream")
		w.Write([]byte(`event: message` + "\n" + `data: {"jsonrpc":"2.0","id":` + id + `,"result":{"echo":"` + cred[:len(cred)/2]))
	})
	cutShortRedacted(t, url, "event", `\"echo\":\"`, func(r mcp.Record) string {
		if r.Event == nil {
			return ""
		}
		return string(r.Event.Raw)
	})
}

// cutShortRedacted connects to url, a server whose answer's what ends
// short after the start of the user's --bearer (kept is in the recording
// just before it), and checks that the connection failed and that no
// piece of the token is in the recording or in what shown says of a
// record shown.
func cutShortRedacted(t *testing.T, url, what, kept string, shown func(mcp.Record) string) {
	t.Helper()
	b, recs, connErr := connectRecorded(t, url, markBearer)
	if connErr == nil {
		t.Fatalf("connecting to a server whose %s ends short succeeded", what)
	}
	if !strings.Contains(string(b), kept) {
		t.Fatalf("the recording misses the %s cut short:\n%.3000s", what, b)
	}
	if p := mcptest.PieceOf(b, markBearer, minCutPiece); p != "" {
		t.Errorf("the recording holds %q of the token:\n%.3000s", p, b)
	}
	for _, r := range recs {
		if p := mcptest.PieceOf([]byte(shown(r)), markBearer, minCutPiece); p != "" {
			t.Errorf("the live view's %s holds %q of the token: %s", what, p, shown(r))
		}
	}
}

// connectRecorded connects a session to url with bearer, recording it as
// the user's sessions are recorded (the bearer a token to redact) and
// reading the live view's records as the screen does, then closes it; it
// returns the recording's bytes, the records shown and Connect's error.
func connectRecorded(t *testing.T, url, bearer string) ([]byte, []mcp.Record, error) {
	t.Helper()
	opts := RecordOptions{Tokens: []string{bearer}}
	path := filepath.Join(t.TempDir(), "cut.jsonl")
	rec, err := Create(path, Header{URL: url, Transport: mcp.TransportStreamable, Started: time.Now()}, opts)
	if err != nil {
		t.Fatal(err)
	}
	s := mcp.NewSession(mcp.Config{URL: url, Transport: mcp.TransportStreamable, Bearer: bearer})
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
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b, shown, connErr
}

// A server whose answer breaks off (its connection closed short of the
// Content-Length it gave) right after the start of the user's --bearer
// left that start at the end of the body the recording keeps: the body
// was read as far as it came, no longer than its excerpt, and read as
// whole. It is redacted now, as the end of a body cut to its excerpt is
// (the error quotes the body's first line, which holds none of it here).
func TestRecordingRedactsTokenStartOfABodyCutShort(t *testing.T) {
	url := brokenAfterTokenStart(t, "upstream says\nit was given ")
	cutShortRedacted(t, url, "body", "it was given ", func(r mcp.Record) string {
		if r.HTTP == nil {
			return ""
		}
		return string(r.HTTP.Body)
	})
}

// A body that broke off right after the start of the user's --bearer on
// its first line kept that start in the error quoting the line, which read
// as a whole line: the recording's error and the live view's held it. The
// quote of a broken body ends with the cut mark now, and the piece before
// it is redacted as at every cut.
func TestRecordingRedactsTokenStartOfABrokenFirstLine(t *testing.T) {
	url := brokenAfterTokenStart(t, "it was given ")
	cutShortRedacted(t, url, "error", "it was given ", func(r mcp.Record) string {
		if r.Error == nil {
			return ""
		}
		return r.Error.Message
	})
}

// brokenAfterTokenStart is a server answering 502 with a body promising
// 4096 bytes that closes after text and the first half of the --bearer it
// was sent.
func brokenAfterTokenStart(t *testing.T, text string) string {
	return mcptest.PostOnly(t, func(w http.ResponseWriter, r *http.Request, _, _ string) {
		auth := r.Header.Get("Authorization")
		cred := auth[strings.IndexByte(auth, ' ')+1:]
		w.Header().Set("Content-Type", "text/plain")
		w.Header().Set("Content-Length", "4096")
		w.WriteHeader(http.StatusBadGateway)
		w.Write([]byte(text + cred[:len(cred)/2]))
	})
}
