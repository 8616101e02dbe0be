package main

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A credential in the URL's query ("?key=", "?api_key=") is sent as typed
// but shows as "name=[redacted]" in exec --json, the recording and the
// sessions listing, short or long, and its value is redacted where the
// server echoes it. The server's own parameters stay: the legacy
// endpoint's sessionId, and a token it chose itself.
func TestExecRedactsQueryCredentials(t *testing.T) {
	dir := stateDir(t)
	srv := mcptest.New(t, mcptest.Options{Endpoint: func(_, id string) string {
		return "/message?sessionId=" + id + "&key=q7Z&token=serverchosen99"
	}})
	url := srv.SSEURL() + "?key=q7Z&API_KEY=LongApiKey12345&x=plain"
	out, errOut, code := run(t, "exec", "--json", url, "tools/call echo text=LongApiKey12345")
	if code != exitOK {
		t.Fatalf("exit %d, want the echo answered\n%s", code, errOut)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := srv.WaitPost(ctx, func(p mcptest.Post) bool { return strings.Contains(p.Query, "key=q7Z") }); err != nil {
		t.Errorf("no POST carried key=q7Z as typed: %v", err)
	}
	raw, err := os.ReadFile(onlyRecording(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	for what, text := range map[string]string{"exec --json": out, "the recording": string(raw)} {
		for _, secret := range []string{"key=q7Z", "LongApiKey12345"} {
			if i := strings.Index(text, secret); i >= 0 {
				t.Errorf("%s shows %s: …%s…", what, secret, text[max(0, i-80):i+len(secret)])
			}
		}
		for _, kept := range []string{"?key=[redacted]", "API_KEY=[redacted]", "x=plain", "sessionId=", "token=serverchosen99"} {
			if !strings.Contains(text, kept) {
				t.Errorf("%s lacks %s", what, kept)
			}
		}
	}
	list, _, _ := run(t, "sessions")
	if strings.Contains(list, "q7Z") || !strings.Contains(list, "key=[redacted]") {
		t.Errorf("sessions lists the URL's credential, or not its name:\n%s", list)
	}
}

// With --record-secrets the recording keeps the query's credentials, as it
// keeps every other credential.
func TestExecRecordSecretsKeepsQueryCredentials(t *testing.T) {
	dir := stateDir(t)
	srv := mcptest.New(t, mcptest.Options{})
	_, errOut, code := run(t, "exec", "--record-secrets", srv.SSEURL()+"?token=q7Z", "tools/list")
	if code != exitOK {
		t.Fatalf("exit %d\n%s", code, errOut)
	}
	raw, err := os.ReadFile(onlyRecording(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(raw), "token=q7Z") {
		t.Error("--record-secrets: the recording lost ?token=q7Z")
	}
}

// A connection that fails says which URL it tried on stderr, with the
// query's credential masked and its name kept.
func TestExecConnectFailureMasksQueryCredential(t *testing.T) {
	stateDir(t)
	_, errOut, code := run(t, "exec", "--no-record", "http://"+mcptest.ClosedAddr(t)+"/mcp?Access_Token=q7Zsecret&x=1", "tools/list")
	if code != exitConnect {
		t.Fatalf("exit %d, want %d\n%s", code, exitConnect, errOut)
	}
	if strings.Contains(errOut, "q7Zsecret") || !strings.Contains(errOut, "Access_Token=[redacted]&x=1") {
		t.Errorf("stderr shows the token, or not where it was:\n%s", errOut)
	}
}
