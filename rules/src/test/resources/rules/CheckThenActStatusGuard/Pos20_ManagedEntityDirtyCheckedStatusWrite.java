// Inside a @Transactional method the order is loaded through a Spring Data repository, its status checked, and only
// set: JPA's dirty checking writes the new status when the transaction commits, with no explicit save. The setter is
// the write of the checked column, and two runs that read the same old row both pass the check and both write;
// reported at the check, as when the entity is saved.
package com.example.idem004.pos20;

import javax.persistence.Entity;
import javax.persistence.Id;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

@Service
public class PaymentService {

    private final OrderRepository repo;

    public PaymentService(OrderRepository repo) {
        this.repo = repo;
    }

    @Transactional
    public void pay(long id) {
        Order o = repo.findById(id).orElseThrow();
        if (o.getStatus() == OrderStatus.PENDING) { // expect: IDEM004 "two separate steps"
            o.setStatus(OrderStatus.PAID);
        }
    }

    @Transactional
    public void ship(long id) {
        Order o = repo.findById(id).orElseThrow();
        if (o.getStatus() != OrderStatus.PAID) { // expect: IDEM004 "o.setStatus() at line"
            return;
        }
        o.setStatus(OrderStatus.SHIPPED);
    }
}

interface OrderRepository extends JpaRepository<Order, Long> {
}

enum OrderStatus { PENDING, PAID, SHIPPED }

@Entity
class Order {
    @Id
    private Long id;
    private OrderStatus status;

    public OrderStatus getStatus() { return status; }
    public void setStatus(OrderStatus status) { this.status = status; }
}
