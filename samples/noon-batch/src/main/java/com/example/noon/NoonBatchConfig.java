package com.example.noon;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.transaction.annotation.EnableTransactionManagement;
import org.springframework.web.client.RestTemplate;

/**
 * Application wiring. The DataSource, the transaction manager and the mapper beans come from the
 * deployment's MyBatis/Spring setup (see {@code application.yml}); they are not part of this sample.
 */
@Configuration
@ComponentScan
@EnableScheduling
@EnableTransactionManagement
public class NoonBatchConfig {

    @Bean
    public RestTemplate restTemplate() {
        return new RestTemplate();
    }
}
