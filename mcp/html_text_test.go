package mcp

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// A proxy's HTML error page is quoted as its text, saying it was HTML,
// where the error quoted "<html>\r\n<head><title>502 Bad Gateway…" tags
// and all.
func TestStatusErrorQuotesTheTextOfAnHTMLPage(t *testing.T) {
	const page = "<!DOCTYPE html>\r\n<html>\r\n<head><title>502 Bad Gateway</title>\r\n" +
		"<style>body { color: red }</style><script>var x = '<b>';</script></head>\r\n" +
		"<body>\r\n<center><h1>Bad&nbsp;Gateway &amp; more</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(http.StatusBadGateway)
		io.WriteString(w, page)
	}))
	defer srv.Close()
	resp, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	e := StatusError(PurposeProbe, TransportStreamable, http.MethodGet, srv.URL, resp, string(body))
	want := "answered 502 Bad Gateway: HTML: 502 Bad Gateway Bad Gateway & more nginx"
	if !strings.HasSuffix(e.Message, want) || strings.Contains(e.Message, "<") || strings.Contains(e.Message, "color") {
		t.Errorf("the error reads\n%s\nwant it to end\n%s", e.Message, want)
	}
}
