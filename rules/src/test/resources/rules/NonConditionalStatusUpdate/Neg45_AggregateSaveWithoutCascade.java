// The group's relation does not cascade: saving the group does not write the payment's status (the case that
// cascades is Pos25). With a @Version on the payment, the cascaded write would be fenced (Neg46).
package com.example.p003.neg45;

import java.util.List;
import javax.persistence.OneToMany;
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
    @OneToMany(mappedBy = "group")
    private List<Payment> payments;
}

class Payment {
    private Long id;
    private String paymentStatus;
    private PaymentGroup group;

    PaymentGroup getGroup() { return group; }
    void setPaymentStatus(String s) { paymentStatus = s; }
}
