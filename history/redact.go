package history

import (
	"bytes"
	"encoding/json"
	"net/url"
	"reflect"
	"strings"

	"github.com/mcpscope/mcpscope/mcp"
)

// secretHeaders carry credentials; their values never reach a recording
// unless the user asked for secrets.
var secretHeaders = []string{"Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie"}

// encode turns a record into its line, redacted as the options say. The
// caller's record is never changed: whatever is redacted is copied first.
func (r *Recorder) encode(rec mcp.Record) ([]byte, error) {
	if !r.opts.Secrets && rec.HTTP != nil && hasSecretHeader(rec.HTTP) {
		h := *rec.HTTP
		h.RequestHeaders = redactHeaders(h.RequestHeaders)
		h.Headers = redactHeaders(h.Headers)
		rec.HTTP = &h
	}
	if !r.opts.Secrets {
		rec = redactURLs(rec)
	}
	line, err := json.Marshal(rec)
	if err != nil {
		return nil, err
	}
	for _, tok := range r.opts.Tokens {
		if !r.opts.Secrets && tok != "" && mayContain(line, tok) {
			// Rare, so the slow path can afford to walk every string.
			v := reflect.ValueOf(&rec).Elem()
			scrub(v, tok)
			if line, err = json.Marshal(rec); err != nil {
				return nil, err
			}
		}
	}
	return append(line, '\n'), nil
}

// redactURL hides the password of a URL with one (https://user:pw@host).
func redactURL(s string) string {
	if !strings.Contains(s, "@") {
		return s
	}
	u, err := url.Parse(s)
	if err != nil || u.User == nil {
		return s
	}
	if _, ok := u.User.Password(); !ok {
		return s
	}
	u.User = url.UserPassword(u.User.Username(), Redacted)
	return u.String()
}

// redactURLs copies whatever part of rec holds a URL with a password.
func redactURLs(rec mcp.Record) mcp.Record {
	switch {
	case rec.HTTP != nil && strings.Contains(rec.HTTP.URL, "@"):
		h := *rec.HTTP
		h.URL = redactURL(h.URL)
		rec.HTTP = &h
	case rec.State != nil && strings.Contains(rec.State.URL, "@"):
		st := *rec.State
		st.URL = redactURL(st.URL)
		rec.State = &st
	case rec.Endpoint != nil && strings.Contains(rec.Endpoint.Base+rec.Endpoint.Preferred, "@"):
		ep := *rec.Endpoint
		ep.Base, ep.Preferred = redactURL(ep.Base), redactURL(ep.Preferred)
		ep.Fallback, ep.InUse = redactURL(ep.Fallback), redactURL(ep.InUse)
		rec.Endpoint = &ep
	}
	return rec
}

// mayContain is a quick test on the encoded line: the token as is, as JSON
// escapes it, or hidden in base64 (bytes that are not UTF-8 are stored so).
func mayContain(line []byte, tok string) bool {
	if bytes.Contains(line, []byte(tok)) || bytes.Contains(line, []byte(`{"base64":`)) {
		return true
	}
	esc, _ := json.Marshal(tok)
	return bytes.Contains(line, esc[1:len(esc)-1])
}

func hasSecretHeader(h *mcp.HTTPExchange) bool {
	return secretIn(h.RequestHeaders) || secretIn(h.Headers)
}

func secretIn(h map[string][]string) bool {
	for k := range h {
		if isSecretHeader(k) {
			return true
		}
	}
	return false
}

func isSecretHeader(name string) bool {
	for _, s := range secretHeaders {
		if strings.EqualFold(name, s) {
			return true
		}
	}
	return false
}

func redactHeaders(h map[string][]string) map[string][]string {
	if !secretIn(h) {
		return h
	}
	out := make(map[string][]string, len(h))
	for k, v := range h {
		if isSecretHeader(k) {
			red := make([]string, len(v))
			for i := range red {
				red[i] = Redacted
			}
			v = red
		}
		out[k] = v
	}
	return out
}

// scrub replaces tok in every string reachable from v, copying each pointer,
// slice and map on the way so the original record stays as it was. Walking
// by reflection keeps fields added to mcp.Record later covered too.
func scrub(v reflect.Value, tok string) {
	switch v.Kind() {
	case reflect.String:
		if s := v.String(); strings.Contains(s, tok) {
			v.SetString(strings.ReplaceAll(s, tok, Redacted))
		}
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		c := reflect.New(v.Elem().Type())
		c.Elem().Set(v.Elem())
		scrub(c.Elem(), tok)
		v.Set(c)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if f := v.Field(i); f.CanSet() {
				scrub(f, tok)
			}
		}
	case reflect.Slice:
		if v.IsNil() {
			return
		}
		if v.Type().Elem().Kind() == reflect.Uint8 {
			b := bytes.ReplaceAll(v.Bytes(), []byte(tok), []byte(Redacted))
			v.SetBytes(b)
			return
		}
		c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		reflect.Copy(c, v)
		for i := 0; i < c.Len(); i++ {
			scrub(c.Index(i), tok)
		}
		v.Set(c)
	case reflect.Map:
		if v.IsNil() {
			return
		}
		c := reflect.MakeMapWithSize(v.Type(), v.Len())
		it := v.MapRange()
		for it.Next() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(it.Value())
			scrub(e, tok)
			c.SetMapIndex(it.Key(), e)
		}
		v.Set(c)
	}
}
