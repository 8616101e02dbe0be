package mcptest

import (
	"net/http"
	"strings"
)

// EchoCredentialAcross answers every POST 500 echoing the credential of its
// Authorization ("Bearer T" gives T) where a record cuts what it keeps: in
// an X-Echo header whose value holds headerAt bytes before the credential's
// middle, in a body's first line holding lineAt bytes before it and in the
// body holding bodyAt bytes before it, so a cut at any of them keeps the
// credential's first half only. The limits are the caller's
// (mcp.HeaderLimit, the first line an error quotes, mcp.BodyLimit): this
// package does not import mcp.
func EchoCredentialAcross(headerAt, lineAt, bodyAt int) func(w http.ResponseWriter, r *http.Request, msg, id string) {
	return func(w http.ResponseWriter, r *http.Request, _, _ string) {
		auth := r.Header.Get("Authorization")
		cred := auth[strings.IndexByte(auth, ' ')+1:]
		half := len(cred) / 2
		w.Header().Set("X-Echo", strings.Repeat("h", headerAt-half)+cred)
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(http.StatusInternalServerError)
		line := strings.Repeat("l", lineAt-half) + cred + " was refused\n"
		w.Write([]byte(line + strings.Repeat("b", bodyAt-half-len(line)) + cred + " and that failed\n"))
	}
}

// PieceOf is the first piece of secret n bytes long found in b, "" when
// none is: a credential cut in two leaks as much as its start shows.
func PieceOf(b []byte, secret string, n int) string {
	for i := 0; i+n <= len(secret); i++ {
		if strings.Contains(string(b), secret[i:i+n]) {
			return secret[i : i+n]
		}
	}
	return ""
}
