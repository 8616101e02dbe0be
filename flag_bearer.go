package main

// bearerFlag is --bearer: the token, and whether the command line gave
// one at all. An empty one (--bearer "") is the user saying "no token", so the
// token in their environment (often the Docker gateway's) must not go in
// its place, as it does when the flag is left out.
type bearerFlag struct {
	token *string
	given *bool
}

func (b bearerFlag) String() string {
	if b.token == nil {
		return ""
	}
	return *b.token
}

func (b bearerFlag) Set(v string) error {
	*b.token, *b.given = v, true
	return nil
}

func (b bearerFlag) Type() string { return "string" }
