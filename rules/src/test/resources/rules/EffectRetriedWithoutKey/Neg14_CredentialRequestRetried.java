// A retry loop around a Feign-builder client's login (@RequestLine("POST /oauth2/authorize")): each attempt obtains a new authorization code for the same user, and a repeat duplicates nothing: no finding.
package com.example.e010.neg14;

import feign.Feign;
import feign.FeignException;
import feign.RequestLine;

public class IdpSession {
    private final IdpApi idp = Feign.builder().target(IdpApi.class, "https://idp.example.com");

    public String login(String user, String password) {
        for (int attempt = 1; attempt <= 3; attempt++) {
            try {
                return idp.authenticateUser(user, password);
            } catch (FeignException ex) {
                if (attempt == 3) {
                    throw ex;
                }
            }
        }
        throw new IllegalStateException("unreachable");
    }
}

interface IdpApi {
    @RequestLine("POST /oauth2/authorize")
    String authenticateUser(String user, String password);
}
