// The recursive retry passes attempt + 1 and stops at a maximum.
package com.example.e006.neg09;

public class TokenFetcher {
    private final AuthClient auth;

    public TokenFetcher(AuthClient auth) {
        this.auth = auth;
    }

    public String token(String clientId, int attempt) {
        try {
            return auth.fetchToken(clientId);
        } catch (RuntimeException e) {
            if (attempt >= 3) {
                throw e;
            }
            return token(clientId, attempt + 1);
        }
    }
}

interface AuthClient {
    String fetchToken(String clientId);
}
