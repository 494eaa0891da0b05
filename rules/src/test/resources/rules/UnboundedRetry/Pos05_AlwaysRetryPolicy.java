// A RetryTemplate with AlwaysRetryPolicy retries every failure forever.
package com.example.e006.pos05;

import org.springframework.context.annotation.Bean;
import org.springframework.retry.policy.AlwaysRetryPolicy;
import org.springframework.retry.support.RetryTemplate;

public class RetryConfig {
    @Bean
    public RetryTemplate retryTemplate() {
        RetryTemplate template = new RetryTemplate();
        template.setRetryPolicy(new AlwaysRetryPolicy()); // expect: IDEM006
        return template;
    }
}
