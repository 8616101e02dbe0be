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
	msg := badGatewayMessage(t, "text/html; charset=utf-8", page)
	want := "answered 502 Bad Gateway: HTML: 502 Bad Gateway; Bad Gateway & more; nginx"
	if !strings.HasSuffix(msg, want) || strings.Contains(msg, "<") || strings.Contains(msg, "color") {
		t.Errorf("the error reads\n%s\nwant it to end\n%s", msg, want)
	}
}

// A page's title, heading and paragraph were run together, the heading
// saying the title again: "HTML: 502 Bad Gateway Bad Gateway upstream
// exploded". A heading the title holds is left out, and the blocks are
// told apart.
func TestStatusErrorQuotesAnHTMLPageByItsBlocks(t *testing.T) {
	for page, want := range map[string]string{
		"<html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1><p>upstream exploded</p></body></html>": "HTML: 502 Bad Gateway; upstream exploded",
		// nginx's own page: the heading is the title.
		"<html>\r\n<head><title>504 Gateway Time-out</title></head>\r\n<body>\r\n<center><h1>504 Gateway Time-out</h1></center>\r\n<hr><center>nginx/1.25.3</center>\r\n</body>\r\n</html>": "HTML: 504 Gateway Time-out; nginx/1.25.3",
		// A block that ends a sentence of its own needs no "; ", and
		// inline tags stay inside their block.
		"<title>Oops</title><p>The <b>upstream</b> is down.</p><p>Try later</p>": "HTML: Oops; The upstream is down. Try later",
	} {
		msg := badGatewayMessage(t, "text/html", page)
		if !strings.HasSuffix(msg, ": "+want) {
			t.Errorf("the error reads\n%q\nwant it to end\n%q", msg, want)
		}
	}
}

// A hostile page of bytes that are no UTF-8 inside its script, or a tag
// name ended by a line break, is quoted as its text too: lower-casing
// the page to find </script> grew each bad byte to three, and the cut
// found in the copy ran past the page's end (a panic).
func TestStatusErrorQuotesAHostileHTMLPage(t *testing.T) {
	page := "<html><SCRIPT>" + strings.Repeat("\xff", 40) + "</script><script\n>var x;</script><STYLE\t>p{}</style>kept</html>"
	msg := badGatewayMessage(t, "text/html", page)
	if want := "answered 502 Bad Gateway: HTML: kept"; !strings.HasSuffix(msg, want) {
		t.Errorf("the error reads\n%q\nwant it to end\n%q", msg, want)
	}
}

// badGatewayMessage is the message of StatusError for a real server's
// 502 answer of page, labelled contentType.
func badGatewayMessage(t *testing.T, contentType, page string) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", contentType)
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
	return StatusError(PurposeProbe, TransportStreamable, http.MethodGet, srv.URL, resp, string(body)).Message
}
