package main

import (
	"bytes"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
)

// escapingServer is whoamiServer on a server whose JSON encoder escapes
// more than it must: Go's escapes & < > as \u0026..., and with slashes, as
// PHP's json_encode does, / as \/.
func escapingServer(t *testing.T, slashes bool) *httptest.Server {
	t.Helper()
	if !slashes {
		return whoamiServer(t)
	}
	return whoamiServerWriting(t, func(b []byte) []byte { return bytes.ReplaceAll(b, []byte("/"), []byte(`\/`)) })
}

// A server's echo of the token is kept out of the recording however its
// JSON encoder spelt the token's characters inside the string.
func TestRecordingRedactsEscapedEcho(t *testing.T) {
	stateDir(t)
	const token = "SECRET/a+b&c<d=="
	for _, slashes := range []bool{false, true} {
		srv := escapingServer(t, slashes)
		file := recordEcho(t, echoCase{url: srv.URL, secret: "you are Bearer " + token, flags: []string{"--bearer", token}})
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), "SECRET") {
			t.Errorf("slashes %v: the recording holds the server's escaped echo of the token: %s", slashes, b)
		}
	}
}
