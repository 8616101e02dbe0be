package mcp

import (
	"net/http"
	"net/url"
)

// SetBasicAuth puts the URL's userinfo u into h as basic auth, as curl
// takes a URL's user and password: the session's requests and the proxy's
// upstream ones send the same credential the same way. A missing password
// is sent empty.
func SetBasicAuth(h http.Header, u *url.Userinfo) {
	pw, _ := u.Password()
	(&http.Request{Header: h}).SetBasicAuth(u.Username(), pw)
}
