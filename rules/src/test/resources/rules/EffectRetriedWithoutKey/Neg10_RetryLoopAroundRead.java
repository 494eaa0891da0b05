// Retrying a GET is harmless: reading twice changes nothing.
package com.example.e010.neg10;

import org.springframework.web.client.RestTemplate;

public class RateFetcher {
    private final RestTemplate rest;

    public RateFetcher(RestTemplate rest) {
        this.rest = rest;
    }

    public String fetch(String currency) {
        for (int i = 0; i < 3; i++) {
            try {
                return rest.getForObject("https://rates.example.com/" + currency, String.class);
            } catch (RuntimeException e) {
                // next attempt
            }
        }
        return null;
    }
}
