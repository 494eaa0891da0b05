// The catch block calls the method again with the same arguments: an unbounded recursive retry.
package com.example.e006.pos11;

public class TokenFetcher {
    private final AuthClient auth;

    public TokenFetcher(AuthClient auth) {
        this.auth = auth;
    }

    public String token(String clientId) {
        try {
            return auth.fetchToken(clientId);
        } catch (RuntimeException e) {
            return token(clientId); // expect: IDEM006 "again"
        }
    }
}

interface AuthClient {
    String fetchToken(String clientId);
}
