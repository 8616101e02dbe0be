package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// queryCutToken is the "?token=" of the cut-echo test: no four bytes of it
// are likely anywhere else in exec's output.
const queryCutToken = "Tg5Mv2Xk8Rb4Hw7Pz1Cq6Ny3Jd9Lf0Ws"

// An error page that quotes the request line, "?token=" and all, past the
// first line's 200 bytes an error quotes, was cut mid-token: stderr masks
// "?token=VALUE" whole only, so the value's start before "…" was printed.
// No piece of four bytes or more is now.
func TestExecStderrMasksQueryTokenCutInAnError(t *testing.T) {
	stateDir(t)
	const quoted = 200
	url := mcptest.PostOnly(t, func(w http.ResponseWriter, r *http.Request, _, _ string) {
		uri := r.URL.RequestURI()
		pad := quoted - strings.Index(uri, queryCutToken) - len(queryCutToken)/2
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(http.StatusInternalServerError)
		w.Write([]byte(strings.Repeat("l", pad) + uri + " was refused\n"))
	})
	out, errOut, code := run(t, "exec", "--no-record", url+"?token="+queryCutToken, "tools/list")
	if code == exitOK || !strings.Contains(errOut, "?token=") || !strings.Contains(errOut, "… (") {
		t.Fatalf("exit %d, want a failure quoting the error page cut\n%s%s", code, out, errOut)
	}
	if p := mcptest.PieceOf([]byte(out+errOut), queryCutToken, 4); p != "" {
		t.Errorf("exec's output holds %q of the URL's token:\n%s%s", p, out, errOut)
	}
}
