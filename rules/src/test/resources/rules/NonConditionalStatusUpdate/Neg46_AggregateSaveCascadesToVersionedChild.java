// The relation cascades, but the payment has a @Version: the cascaded write is fenced on the version it was
// loaded with, so a concurrent change makes this save fail instead of overwriting it.
package com.example.p003.neg46;

import java.util.List;
import javax.persistence.CascadeType;
import javax.persistence.OneToMany;
import javax.persistence.Version;
import org.springframework.data.repository.CrudRepository;
import org.springframework.scheduling.annotation.Scheduled;

public class PaymentStatusSync {

    private PaymentRepository payments;
    private PaymentGroupRepository groups;
    private ProviderClient provider;

    @Scheduled(fixedDelay = 60000)
    public void sync() {
        for (String ref : payments.findPendingReferences()) {
            Payment payment = payments.findByReference(ref);
            PaymentGroup group = payment.getGroup();
            payment.setPaymentStatus(provider.statusOf(ref));
            groups.save(group);
        }
    }
}

interface PaymentRepository extends CrudRepository<Payment, Long> {
    List<String> findPendingReferences();

    Payment findByReference(String ref);
}

interface PaymentGroupRepository extends CrudRepository<PaymentGroup, Long> {
}

interface ProviderClient {
    String statusOf(String ref);
}

class PaymentGroup {
    private Long id;
    @OneToMany(cascade = CascadeType.ALL)
    private List<Payment> payments;
}

class Payment {
    private Long id;
    private String paymentStatus;
    @Version
    private Long version;
    private PaymentGroup group;

    PaymentGroup getGroup() { return group; }
    void setPaymentStatus(String s) { paymentStatus = s; }
}
