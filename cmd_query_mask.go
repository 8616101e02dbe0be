package main

import (
	"io"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/urlpass"
)

// queryMask hides the credentials in the query of the user's URL
// ("?token=T", urlpass.QueryParams) in what mcpscope writes for a person
// outside a recording: stderr's lines and errors quote the URL a request
// went to, and net/http's own errors quote it whole. The recorder's
// redactor hides the same ones in recordings and on screen; with
// --record-secrets neither does.
// It holds the replacer built once, since every stderr line goes through it.
type queryMask struct {
	q urlpass.QueryMasker
}

// newQueryMask is the mask of url's credentials, none with secrets.
func newQueryMask(url string, secrets bool) queryMask {
	return newParamsMask(urlpass.QueryParams(url), secrets)
}

// newParamsMask is the mask of params, the credentials of a URL's query
// (a proxied client's), none with secrets.
func newParamsMask(params []urlpass.Param, secrets bool) queryMask {
	if secrets {
		return queryMask{}
	}
	return queryMask{urlpass.NewQueryMasker(params, history.Redacted)}
}

// text is s with the credentials' values redacted.
func (m queryMask) text(s string) string {
	return m.q.Replace(s)
}

// writer is w with every write masked: each line mcpscope writes is one
// write, so a value is never cut in two.
func (m queryMask) writer(w io.Writer) io.Writer {
	if m.q.Empty() {
		return w
	}
	return maskedWriter{w, m}
}

// err is e with its message masked, still e to errors.Is and errors.As.
func (m queryMask) err(e error) error {
	if m.q.Empty() || e == nil {
		return e
	}
	return maskedError{e, m}
}

type maskedWriter struct {
	w io.Writer
	m queryMask
}

func (w maskedWriter) Write(p []byte) (int, error) {
	if _, err := io.WriteString(w.w, w.m.text(string(p))); err != nil {
		return 0, err
	}
	return len(p), nil
}

type maskedError struct {
	error
	m queryMask
}

func (e maskedError) Error() string { return e.m.text(e.error.Error()) }
func (e maskedError) Unwrap() error { return e.error }
